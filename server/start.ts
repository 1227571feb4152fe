/**
 * The process entry of the build: turns on Node's on-disk compile cache before any other
 * module loads (later starts skip compiling the server and its packages), then starts.
 */
import module from 'node:module';

module.enableCompileCache?.();
await import('./main.ts');
