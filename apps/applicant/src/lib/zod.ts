import { z } from 'zod';

// zod compiles object parsers with `new Function` unless told not to; the
// probe alone is an 'unsafe-eval' violation of our CSP (a devtools issue on
// every page with a form). Every schema imports zod from here.
z.config({ jitless: true });

export { z };
