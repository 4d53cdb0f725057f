/** A bench's `--name=value` options; a bare `--flag` is present with the value ''. */
export function benchArgs(argv: string[] = process.argv.slice(2)): Partial<Record<string, string>> {
  return Object.fromEntries(
    argv
      .filter((arg) => arg.startsWith('--'))
      .map((arg) => {
        const [name, value = ''] = arg.slice(2).split('=');
        return [name, value];
      }),
  );
}
