import { z } from 'zod';

/** A demo checkout session's id: unguessable, it is the page's only capability (no portal session needed). */
export const checkoutSessionIdParam = z.string().regex(/^cs_demo_[0-9a-f]{32}$/, 'No such payment page.');
