import { audience } from '../../../plugins/sessions';

/** Visitors (a trial) and members; staff do not generate ideas. */
export default audience('visitor', 'free', 'pro');
