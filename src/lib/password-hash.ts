/**
 * The stored form of a password (accounts, protected articles): argon2id in the PHC string format,
 * `$argon2id$v=19$m=<KiB>,t=<passes>,p=<lanes>$<salt>$<hash>`, salt and hash in base64url.
 */
export const ARGON2ID_HASH = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/;
