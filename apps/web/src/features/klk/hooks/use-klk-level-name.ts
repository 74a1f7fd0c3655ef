// Shared with the team page (features/team), so it lives in lib/.
export { useKlkLevelName } from '@/lib/use-klk-level-name.ts';
