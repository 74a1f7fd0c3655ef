/**
 * A `data-testid` for props typed without data attributes (antd's `okButtonProps`): the journeys
 * find buttons by it.
 */
export function testId(id: string): Record<string, string> {
  return { 'data-testid': id };
}
