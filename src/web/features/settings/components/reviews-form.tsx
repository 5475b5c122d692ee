import { type ReviewHold, reviewHolds, type SettingsAnswer } from '@contract/settings';
import { useState } from 'react';
import { useSaveSection } from '../api/settings-calls';
import { SectionForm } from './section-form';

const HOLD_WORDS: Record<ReviewHold, { label: string; hint: string }> = {
  nonBuyers: {
    label: 'Reviews from people who bought nothing',
    hint: 'A customer who paid for the product (for a review of the store: for anything) is published at once.',
  },
  all: { label: 'Every review', hint: 'A manager approves each one before anyone sees it.' },
  none: { label: 'None: publish every review at once', hint: 'A manager may still hide one afterwards.' },
};

/** Which new reviews wait for a manager's approval on the Reviews page. */
export function ReviewsForm({ answer }: { answer: SettingsAnswer }) {
  const [hold, setHold] = useState<ReviewHold>(answer.settings.reviews.hold);
  const save = useSaveSection('reviews');
  return (
    <SectionForm
      id="settings-reviews"
      title="Reviews"
      description="Which new reviews wait for a manager's approval before they are shown. Every review says whether its writer bought from the store."
      savedAt={answer.sections.reviews.updatedAt}
      build={() => ({ hold })}
      save={async (value) => {
        await save.mutateAsync({ value: value as never, revision: answer.sections.reviews.revision });
      }}
    >
      <fieldset className="space-y-2">
        <legend className="font-medium">Hold for approval</legend>
        {reviewHolds.map((option) => (
          <label key={option} className="flex cursor-pointer items-start gap-3">
            <input
              type="radio"
              className="radio radio-sm mt-1"
              name="review-hold"
              value={option}
              checked={hold === option}
              onChange={() => setHold(option)}
            />
            <span>
              <span className="block">{HOLD_WORDS[option].label}</span>
              <span className="block text-sm text-base-content/70">{HOLD_WORDS[option].hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </SectionForm>
  );
}
