/**
 * Process settings of the production server, applied before any other module of it runs (main.ts
 * imports this first): React and other libraries read NODE_ENV at run time and, without it, run
 * their development builds (slower, bigger, extra checks) inside the production server.
 */
process.env.NODE_ENV ??= 'production';
