// Preloaded with `node --require` into the development chain's process by startDevChain. The parent holds
// the other end of our stdin pipe: when the parent dies in any way, even SIGKILL, the pipe closes and we
// exit, so no orphaned node keeps the port.
process.stdin.on('end', () => process.exit(0));
process.stdin.on('error', () => process.exit(0));
process.stdin.resume();
