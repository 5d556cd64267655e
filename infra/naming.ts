/**
 * Construct ids derived from names in the route table. They become CloudFormation logical ids, so
 * they must stay stable: renaming one replaces the resource.
 */
export function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}
