import type { RuleType } from './enums';

/** One violated rule of a 400 INVALID_ARGUMENT answer (WIRE.md 10). */
export interface FieldViolation {
  field: string;
  description: string;
  violatedRule: RuleType;
  ruleName?: string;
  data?: Record<string, unknown>;
}

export interface ApplicationErrorDetails {
  code: string;
  description: string;
  data?: Record<string, unknown>;
}

/** The body of every non-200 answer from the platform (WIRE.md 10). */
export interface ErrorBody {
  message: string;
  details?: {
    applicationError?: ApplicationErrorDetails;
    validationError?: { fieldViolations: FieldViolation[] };
  };
}
