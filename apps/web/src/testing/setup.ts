import { configure } from '@testing-library/dom';

// A sheet closes with a spring animation driven by timers; on two busy CI cores it can take longer
// than Testing Library's one-second default, which made "closes" checks fail without a defect.
configure({ asyncUtilTimeout: 5_000 });
