/** Server clock minus device clock (ms), taking the answer to have left the server halfway through. */
export function clockOffset(serverTime: string | undefined, sentAt: number, receivedAt: number): number | undefined {
  const server = serverTime === undefined ? Number.NaN : Date.parse(serverTime);
  return Number.isNaN(server) ? undefined : Math.round(server - (sentAt + receivedAt) / 2);
}
