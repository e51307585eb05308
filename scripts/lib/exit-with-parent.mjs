// Preloaded (`node --import`) into every process `npm start` supervises. The supervisor spawns its
// children with an IPC channel; when the supervisor goes away, even killed with SIGKILL, the channel
// closes and the child stops itself through its own SIGTERM handling, so nothing is left orphaned.
if (process.channel) {
  // The channel must not keep the child alive on its own.
  process.channel.unref();
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}
