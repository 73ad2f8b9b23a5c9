/** The environment variables of a run (the process's, or a test's). */
export type Env = Readonly<Record<string, string | undefined>>;
