import { GoldButton } from '@/shared/ui/gold-button';
import { IconInfo } from '@/shared/ui/page-icons';

interface NoteAndSubmitProps {
  /** The note under the form's card, after the info icon. */
  note: string;
  submitText: string;
  loading: boolean;
  /** The page's look of the note and of the button's row. */
  classes: { note?: string; submit?: string };
}

/** The end of a form page: a note with the info icon, then the gold submit button. */
export function NoteAndSubmit({ note, submitText, loading, classes }: NoteAndSubmitProps) {
  return (
    <>
      <p className={classes.note}>
        <IconInfo />
        {note}
      </p>
      <div className={classes.submit}>
        <GoldButton type="submit" loading={loading}>
          {submitText}
        </GoldButton>
      </div>
    </>
  );
}
