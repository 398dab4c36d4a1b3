import { placeLine } from '../../lib/writer-place.ts';

/**
 * Where a comment or message was written from (`来自 广东 · Chrome · Windows`), small under the name;
 * nothing when the owner shows neither (the answers then carry empty fields).
 */
export function Place({
  ipAddress,
  userAgent,
  className,
}: {
  ipAddress: string | undefined;
  userAgent: string | undefined;
  className?: string;
}) {
  const line = placeLine(ipAddress ?? '', userAgent ?? '');
  return line ? (
    <span className={className} data-place>
      {line}
    </span>
  ) : null;
}
