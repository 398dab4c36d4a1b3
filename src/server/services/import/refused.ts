/**
 * An import's archive refused for what it would unpack to (unpack.ts: its size, its number of files).
 * Apart from unpack.ts so the routes know it without loading the archive readers (tar, yauzl).
 */
export class UnpackRefused extends Error {}
