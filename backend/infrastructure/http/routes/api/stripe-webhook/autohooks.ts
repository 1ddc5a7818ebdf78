import { audience } from '../../../plugins/sessions';

/** Everyone: the payment provider's webhook (it proves itself by signature, not session) and the public upsell offer. */
export default audience('visitor', 'free', 'pro', 'moderator', 'admin');
