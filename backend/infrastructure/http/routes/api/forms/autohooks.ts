import { audience } from '../../../plugins/sessions';

/** Everyone: each form is the browser's own post of an API call, which checks what it needs. */
export default audience('visitor', 'free', 'pro', 'moderator', 'admin');
