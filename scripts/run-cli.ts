/**
 * Runs a script's `main` with its arguments when the script is the process's entry point (not when a
 * test imports it), and exits with the code it answers; a throw prints and exits with `crashCode`.
 */
export function runCli(
  entry: NodeJS.Module,
  main: (args: readonly string[]) => Promise<number>,
  crashCode = 1,
): void {
  if (require.main !== entry) return;
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(crashCode);
    },
  );
}
