import { managerRules } from '../../../schemas/assistant-personal.json';
import type { LegalForm } from '@/shared/jurisdictions';
import { Line, Missing } from './personal-parts';
import { parameter, usePersonalWords } from './personal-words';
import classes from './wizard-assistant.module.css';

interface ManagerRule {
  who: 'naturalOrLegal' | 'naturalOnly' | 'associateOrNot';
  whoSource: { law: string };
  declaration: 'nonConvictionFr' | 'administratorRo';
  declarationSource: { law: string };
}
// check:forms holds the file to assistant-personal.schema.json, which these types mirror.
const MANAGER_RULES = managerRules as Record<string, ManagerRule>;

/** What the law asks of the form's managers: how many, who may be one, what each signs. */
export function ManagerRules({
  form,
  formName,
  managers,
  onJump,
}: {
  form: LegalForm;
  formName: string;
  managers: number | null;
  onJump: (field: string) => void;
}) {
  const { t } = usePersonalWords();
  const rule = MANAGER_RULES[form.id];
  const minimum = parameter(form, 'minimumManagers');
  const maximum = parameter(form, 'maximumManagers');
  const title = parameter(form, 'managerTitle')?.value;
  const min = typeof minimum?.value === 'number' ? minimum.value : 1;
  const max = typeof maximum?.value === 'number' ? maximum.value : null;
  if (!rule || (title !== 'president' && title !== 'gerant' && title !== 'administrator')) return null;
  const titleOf = (count: number) => t(`managerRules.titles.${title}.${count === 1 ? 'one' : 'many'}`);
  const count =
    max === min
      ? t('managerRules.exactly', { form: formName, count: String(min), title: titleOf(min) })
      : max === null
        ? t('managerRules.atLeast', { form: formName, count: String(min), title: titleOf(min) })
        : t('managerRules.between', {
            form: formName,
            min: String(min),
            max: String(max),
            title: titleOf(max),
          });
  const declaration = t(`managerRules.declaration.${rule.declaration}`);
  return (
    <>
      <ul className={classes.personalList}>
        <Line law={minimum?.source.law}>
          <strong>{count}</strong>{' '}
          {managers === null
            ? null
            : managers === 1
              ? t('managerRules.yoursOne')
              : t('managerRules.yoursMany', { count: String(managers) })}
        </Line>
        <Line law={rule.whoSource.law}>{t(`managerRules.who.${rule.who}`)}</Line>
        <Line law={rule.declarationSource.law}>
          {managers === null
            ? t('managerRules.declarationsNone', { declaration })
            : managers === 1
              ? t('managerRules.declarationsOne', { declaration })
              : t('managerRules.declarationsMany', { declaration, count: String(managers) })}
        </Line>
      </ul>
      {managers === null ? <Missing field="managers" onJump={onJump} /> : null}
    </>
  );
}
