import { BonusCalculator } from '../../components/bonus-calculator/bonus-calculator';
import content from '../../content/bonus-calculator.json';

/** /bonus-calculator ('Bonus Calculator Testing'): the calculator with the taken rate typed as a percentage, and the Formula Rules. */
export function BonusCalculatorPage() {
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold text-brand-900">{content.title}</h1>
        <p className="mt-1 max-w-3xl text-slate-600">{content.intro}</p>
      </div>
      <BonusCalculator rateInput="percent" />
      <section aria-labelledby="formula-rules" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="formula-rules" className="text-lg font-semibold text-brand-900">
          {content.formulaRulesTitle}
        </h2>
        <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm text-slate-700">
          {content.formulaRules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
