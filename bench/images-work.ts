/**
 * Loaded into the bench's server with `--import` by bench/images-readers.ts: sets how the server
 * makes the variants (services/images/variant-process.ts setVariantWork) from BENCH_IMAGE_WORK, so
 * the picture process can be measured beside the other ways. The server itself has no such setting.
 */
import { setVariantWork, type VariantWork } from '../src/server/services/images/variant-process.ts';

setVariantWork((process.env.BENCH_IMAGE_WORK ?? 'child') as VariantWork);
