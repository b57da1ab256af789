/** Bad input: the field at fault (`site.timeZone`, `serviceTypes[0].frequencyType`) and why. */
export class DueError extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`${field}: ${reason}`);
    this.name = "DueError";
  }
}
