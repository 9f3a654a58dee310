import { configure } from '@testing-library/react';
import { startApiServer } from './api.ts';

// findBy… and waitFor wait for a condition, not for a time: on a loaded 2-core machine a lazy
// route's first import can take longer than the default second to appear.
configure({ asyncUtilTimeout: 5_000 });

// Every web test runs against the mocked API (testing/api.ts): a request no test answers fails.
startApiServer();
