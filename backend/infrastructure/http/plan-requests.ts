import { planErrorResponseSchema } from '../../application/contracts/plans';

/** The refusals every plans and tasks route may answer, in the plan error shape. */
export const planErrors = {
  400: planErrorResponseSchema,
  401: planErrorResponseSchema,
  403: planErrorResponseSchema,
  404: planErrorResponseSchema,
};

/** What a write to a plan may answer besides: 409 when a rule refuses it or the plan kept changing under it. */
export const planWriteErrors = { ...planErrors, 409: planErrorResponseSchema };
