import { audience } from '../../../plugins/sessions';

/** Everyone: liveness and readiness probes. */
export default audience('visitor', 'free', 'pro', 'moderator', 'admin');
