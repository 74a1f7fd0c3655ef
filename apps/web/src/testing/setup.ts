import { configure } from '@testing-library/dom';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts after each test only when Vitest's globals are on (they are not here):
// without this a test's tree stays mounted, and React work it scheduled can run after the test
// environment is gone ("window is not defined", an unhandled error that fails the whole run).
afterEach(cleanup);

// A sheet closes with a spring animation driven by timers; on two busy CI cores it can take longer
// than Testing Library's one-second default, which made "closes" checks fail without a defect.
configure({ asyncUtilTimeout: 5_000 });
