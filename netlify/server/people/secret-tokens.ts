import { createHash, randomBytes } from 'node:crypto'

/**
 * The random secrets handed out once (invitation tokens, personal API tokens) and the ids of what
 * they open. A secret has 256 bits, so the SHA-256 kept in its place cannot be turned back by
 * guessing: a slow hash would add nothing but cost on every call.
 */
export const randomSecret = (): string => randomBytes(32).toString('base64url')

/** 12 base64url characters: an id for a URL path, unguessable but not secret. */
export const randomId = (): string => randomBytes(9).toString('base64url')

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex')
