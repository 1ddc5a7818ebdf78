import { randomBytes } from 'node:crypto';

/** A word no other test and no generator writes: `prefix` and random letters (so a search of the whole database finds only its writer's data). */
export const distinctive = (prefix: string) => `${prefix}${randomBytes(8).toString('hex').replace(/\d/g, (d) => 'ghijklmnop'[Number(d)])}`;
