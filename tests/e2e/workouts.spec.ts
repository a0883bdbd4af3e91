import { expect, test } from './support/test';
import { axeViolations } from './support/axe';
import { signUpAndVerify, uniqueEmail } from './support/codes';

test('a member sets workout preferences, generates this week, opens the plan, and finds both after a reload', async ({
  page,
}, info) => {
  await signUpAndVerify(page.request, uniqueEmail('workouts', info), 'Robin');
  await page.goto('/app/ai-workouts');

  await expect(page.getByRole('heading', { name: 'Your Preferences' })).toBeVisible();
  await expect(page.getByText('No plans yet. Generate your first week above.')).toBeVisible();
  await expect(
    page.getByText('Your preferences and plans are saved to your account.'),
  ).toBeVisible();
  // Step tracking starts at phone.
  await expect(page.getByLabel('Step tracking')).toHaveValue('phone');

  // The age field keeps digits only.
  await page.getByLabel('Age').pressSequentially('4x2');
  await expect(page.getByLabel('Age')).toHaveValue('42');
  await page.getByLabel('Fitness level').selectOption('intermediate');
  await page.getByLabel('Step tracking').selectOption('watch');
  await page.getByRole('button', { name: 'Dumbbells' }).click();
  await page.getByRole('button', { name: 'Bands' }).click();
  await page.getByRole('button', { name: 'Strength' }).click();
  await page.getByRole('button', { name: 'Mobility' }).click();
  await page.getByLabel('Notes (optional)').fill('Sore knee after running');

  await page.getByRole('button', { name: 'Generate my workouts for this week' }).click();
  await expect(page.getByText('Workout plan generated!')).toBeVisible();
  await expect(page.getByText('Week 1 has been created for you.')).toBeVisible();

  // The new week opens by itself: a rendered plan with headings, a table per training day.
  const row = page.getByRole('button', { name: /^Week 1 — [A-Z][a-z]{2} \d{2}, \d{4}$/ });
  await expect(row).toHaveAttribute('aria-expanded', 'true');
  const plan = page.getByRole('region', { name: /^Week 1 — / });
  await expect(plan.getByRole('heading', { name: /Your 7-day plan from/ })).toBeVisible();
  await expect(plan.getByRole('table').first()).toBeVisible();
  await expect(plan.getByRole('columnheader', { name: 'Reps or time' }).first()).toBeVisible();
  await expect(plan.getByText(/low-impact work only/)).toBeVisible();
  await expect(plan.getByRole('button', { name: 'Print plan' })).toBeVisible();
  // Closing and opening again.
  await row.click();
  await expect(plan).toBeHidden();
  await row.click();
  await expect(plan).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // After a reload: the preferences in the form, and the plan in the list.
  await page.reload();
  await expect(page.getByLabel('Age')).toHaveValue('42');
  await expect(page.getByLabel('Fitness level')).toHaveValue('intermediate');
  await expect(page.getByLabel('Step tracking')).toHaveValue('watch');
  for (const name of ['Dumbbells', 'Bands', 'Strength', 'Mobility'])
    await expect(page.getByRole('button', { name, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  await expect(page.getByRole('button', { name: 'Barbell' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(page.getByLabel('Notes (optional)')).toHaveValue('Sore knee after running');
  await expect(page.getByText('No plans yet. Generate your first week above.')).toBeHidden();
  await page.getByRole('button', { name: /^Week 1 — / }).click();
  await expect(
    page
      .getByRole('region', { name: /^Week 1 — / })
      .getByRole('table')
      .first(),
  ).toBeVisible();

  // Generating again this week replaces the plan: still one row, still Week 1.
  await page.getByLabel('Fitness level').selectOption('advanced');
  await page.getByRole('button', { name: 'Generate my workouts for this week' }).click();
  await expect(page.getByText('Week 1 has been created for you.').last()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Week \d+ — / })).toHaveCount(1);
});

test('a bad age is refused with the reason, and nothing is generated', async ({ page }, info) => {
  await signUpAndVerify(page.request, uniqueEmail('workouts-bad', info), 'Sam');
  await page.goto('/app/ai-workouts');
  await page.getByLabel('Age').fill('300');
  await page.getByRole('button', { name: 'Generate my workouts for this week' }).click();
  await expect(page.getByLabel('Age')).toHaveAccessibleDescription(
    'Please enter your age in years.',
  );
  await expect(page.getByText('No plans yet. Generate your first week above.')).toBeVisible();
});
