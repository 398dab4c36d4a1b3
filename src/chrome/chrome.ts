/**
 * The always-loaded chrome of every page (BaseLayout's one script): header, toasts, account host,
 * music launcher, chat button, back-to-top, the site visit count, the footer's 运行时间. Plain DOM code
 * and nanostores, no React: React and the panes (dialogs, drawers, player, chat room) load when first opened (the
 * first-load budget).
 */
// First: wires the API client to the session, toasts and login before anything calls it.
import '../stores/api.ts';
import './header/header.ts';
import './toaster/toaster.ts';
import './account/account-host.ts';
import './music/launcher.ts';
import './floating/chat-button.ts';
import './floating/back-to-top.ts';
import './visits/site-view.ts';
import './images/image-fallback.ts';
import './footer/uptime.ts';
