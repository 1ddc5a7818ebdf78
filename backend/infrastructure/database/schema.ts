/** The table types live with the layers that own them; see `application/ports/database.ts`. */
export type { Database } from '../../application/ports/database';
