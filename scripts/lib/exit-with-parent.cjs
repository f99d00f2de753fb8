// Preloaded (node --require) into a child such as Prism: the child exits when its parent is gone,
// even when the parent was killed with a signal it could not handle (SIGKILL).
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(0);
}, 500).unref();
