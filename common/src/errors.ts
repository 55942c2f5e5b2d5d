/** The one error shape the server answers with (SPEC §8, DESIGN §3). */
export interface ApiErrorBody {
  error: { message: string; timestamp: string; fields?: Record<string, string> };
}
