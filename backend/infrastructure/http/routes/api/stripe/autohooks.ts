import { audience } from '../../../plugins/sessions';

/** Members only: the Pro checkout, the subscription portal, their subscription, and the simulated gateway's TEST pages. */
export default audience('free', 'pro');
