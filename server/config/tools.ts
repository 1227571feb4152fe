import { bool, int, text } from './parsers.ts';
import { parser, setting, type Values } from './reader.ts';

const runs = (env: string, doc: string) =>
  setting({ env, default: 5, parse: int(1, 100, 'a count (1-100)'), doc });

/** The command-line tools' own knobs (scripts/): benchmarks, profiles, vitals, images. */
export const tools = {
  chromiumPath: setting({
    env: 'CHROMIUM_PATH',
    default: '/usr/bin/chromium',
    parse: text('a file path'),
    doc: 'the Chromium the image and browser benchmark scripts drive',
  }),
  vitalsDays: setting({
    env: 'VITALS_DAYS',
    default: 7,
    parse: parser('a number of days above 0', (raw) => {
      const n = Number(raw);
      return Number.isFinite(n) && n > 0 ? n : undefined;
    }),
    doc: 'npm run vitals: the days its p75 covers',
  }),
  benchDuration: setting({
    env: 'BENCH_DURATION',
    default: 5,
    parse: int(1, 3600, 'seconds (1-3600)'),
    doc: 'npm run bench: seconds per connection count',
  }),
  loadDuration: setting({
    env: 'LOAD_DURATION',
    default: 60,
    parse: int(1, 86_400, 'seconds (1-86400)'),
    doc: 'npm run load: seconds of load',
  }),
  loadConnections: setting({
    env: 'LOAD_CONNECTIONS',
    default: 50,
    parse: int(1, 10_000, 'connections (1-10000)'),
    doc: 'npm run load: connections',
  }),
  soakMinutes: setting({
    env: 'SOAK_MINUTES',
    default: 0,
    parse: int(0, 1440, 'minutes (0-1440)'),
    doc: 'npm run load: minutes the load stays on after, with the memory sampled',
  }),
  profileDuration: setting({
    env: 'PROFILE_DURATION',
    default: 10,
    parse: int(1, 3600, 'seconds (1-3600)'),
    doc: 'npm run profile: seconds of load',
  }),
  profileConnections: setting({
    env: 'PROFILE_CONNECTIONS',
    default: 10,
    parse: int(1, 10_000, 'connections (1-10000)'),
    doc: 'npm run profile: connections',
  }),
  profileKeep: setting({
    env: 'PROFILE_KEEP',
    default: true,
    parse: bool,
    doc: 'npm run profile: keep the .cpuprofile file',
  }),
  lighthouseRuns: runs('LH_RUNS', 'npm run bench:lighthouse: runs of each build compared'),
  longTaskRuns: runs('LONG_TASK_RUNS', 'npm run bench:long-tasks: loads of each page'),
  longTaskCpuRate: setting({
    env: 'LONG_TASK_CPU_RATE',
    default: 4,
    parse: int(1, 20, 'a slowdown factor (1-20)'),
    doc: "npm run bench:long-tasks: Chromium's CPU slowdown (4: Lighthouse's phone)",
  }),
};

export type ToolConfig = Values<typeof tools>;
