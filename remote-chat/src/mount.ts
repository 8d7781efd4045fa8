import { createMount } from '@oncodesk/shared/standalone';
import remote from './remote';

/** Embeds this remote alone in any page: `mount(el, { language, initialPath }) -> { update, unmount }`. */
export const mount = createMount(remote);
export default mount;
