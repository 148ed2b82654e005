/**
 * `npm run gen:forms`: writes src/forms/generated/<name>.ts, the precompiled validator of each form in
 * schemas/forms/. With `--check` it writes nothing and fails when a generated file is missing, stale or
 * left over from a deleted schema (the test command runs it that way).
 */
import { generateFormModules } from './forms/generate';

const check = process.argv.includes('--check');
const { forms, problems } = generateFormModules(process.cwd(), { check });
if (problems.length > 0) {
  console.error(`Precompiled form validators are out of date:\n  ${problems.join('\n  ')}`);
  console.error('Run `npm run gen:forms` and commit the result.');
  process.exit(1);
}
console.log(`${check ? 'Checked' : 'Generated'} the validators of ${forms} forms.`);
