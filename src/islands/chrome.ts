/**
 * The always-loaded chrome of every page (BaseLayout's one script): header, toasts, account host,
 * music launcher, chat button, back-to-top, the site visit count. Plain DOM code and nanostores, no
 * React: React and the panes (dialogs, drawers, player, chat room) load when first opened (the
 * first-load budget).
 */
// First: wires the API client to the session, toasts and login before anything calls it.
import '../stores/api.ts';
import './header/header.ts';
import './ui/toaster.ts';
import './login/account-host.ts';
import './music/launcher.ts';
import './chat/chat-button.ts';
import './ui/back-to-top.ts';
import './ui/site-view.ts';
import './ui/image-fallback.ts';
