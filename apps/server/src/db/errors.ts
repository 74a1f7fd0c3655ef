/** True when `error` (or the driver error it wraps) is PostgreSQL's unique_violation, 23505. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const candidates = [error, (error as { cause?: unknown } | null)?.cause];
  return candidates.some((candidate) => {
    const pgError = candidate as { code?: string; constraint?: string } | null | undefined;
    return pgError?.code === '23505' && (constraint === undefined || pgError.constraint === constraint);
  });
}
