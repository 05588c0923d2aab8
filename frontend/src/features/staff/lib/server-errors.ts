/** Field errors of a failed call (`errors`: field path -> the server's text in the user's language). */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!error || typeof error !== 'object' || !('data' in error)) return {};
  const data = (error as { data: unknown }).data;
  if (!data || typeof data !== 'object' || !('errors' in data)) return {};
  const errors = (data as { errors: unknown }).errors;
  if (!errors || typeof errors !== 'object') return {};
  return Object.fromEntries(Object.entries(errors).filter((e): e is [string, string] => typeof e[1] === 'string'));
}
