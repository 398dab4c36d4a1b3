/**
 * nprogress (a CommonJS package) behind an ES module of its own: the CommonJS interop lives in this
 * lazily loaded chunk, not in the chrome's first-load chunk (progress.ts imports this on the first
 * navigation).
 */
import NProgress from 'nprogress';

NProgress.configure({ showSpinner: false });

export default NProgress;
