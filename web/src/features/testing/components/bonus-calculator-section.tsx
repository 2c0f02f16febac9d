import { useState } from 'react';

import { BonusCalculator, type CalculationOutcome } from '../../../components/bonus-calculator/bonus-calculator';
import type { TestOutcome } from '../hooks/use-test-run';
import { TestResult } from './test-result';
import { TestSection } from './test-section';

/** The bonus calculator against the same endpoint as /bonus-calculator, the taken rate typed 0-1 (spec section 2). */
export function BonusCalculatorSection() {
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  const record = (calculation: CalculationOutcome) =>
    setOutcome(
      calculation.ok
        ? { pass: true, label: 'Calculate Bonuses', answer: calculation.result, message: null }
        : { pass: false, label: 'Calculate Bonuses', answer: null, message: calculation.message },
    );
  return (
    <TestSection
      id="bonus"
      title="Bonus Calculator"
      description="The weekly bonus rules on the server, with the taken rate typed as a fraction from 0 to 1 (0.66 for 66%)."
      wide
    >
      <BonusCalculator rateInput="fraction" idPrefix="testing-bonus" onOutcome={record} />
      <TestResult outcome={outcome} />
    </TestSection>
  );
}
