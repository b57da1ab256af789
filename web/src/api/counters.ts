/**
 * The server's counters (§7): unique site and account numbers, which offline devices could not
 * agree on. The body carries the increment marker and nothing else (§3 Counter); the answer's
 * `data.data` is the new number.
 */
import type { ApiClient } from "./types";

export type CounterName = "site-number" | "account-number";

const FIELD: Record<CounterName, string> = { "site-number": "siteNumber", "account-number": "accountNumber" };

export const INCREMENT_MARKER = "$increment";

/** The next number of `counter`, as text for the form field; throws the client's ApiError. */
export async function nextCounterValue(client: ApiClient, orgId: string, counter: CounterName): Promise<string> {
  const answer = await client.request<{ data: { data: number | string } }>("POST", `/organizations/${orgId}/counters/${counter}`, {
    body: { [FIELD[counter]]: INCREMENT_MARKER },
  });
  return String(answer.data.data);
}
