import { audience } from '../../../plugins/sessions';

/** Admins only. */
export default audience('admin');
