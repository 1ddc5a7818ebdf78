import { audience } from '../../../plugins/sessions';

/** Everyone: each route checks what it needs (a visitor signs in, a member signs out). */
export default audience('visitor', 'free', 'pro', 'moderator', 'admin');
