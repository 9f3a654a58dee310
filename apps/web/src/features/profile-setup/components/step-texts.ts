/**
 * Texts of profile set-up that the spec does not give (its own — step titles, the counter,
 * the final buttons — come from PROFILE_MESSAGES in the contract).
 */
export const STEP_TEXTS = {
  photoLead: 'Add a photo so other students know who they’re meeting.',
  choosePhoto: 'Choose a photo',
  chooseAnother: 'Choose another photo',
  previewAlt: 'Your new profile picture',
  currentAlt: 'Your profile picture',
  bioLead: 'Tell other students a little about yourself: your major, your year, what you buy and sell.',
  bioLabel: 'Bio',
  back: 'Back',
  save: 'Save',
  next: 'Next',
  stepOf: (step: number, total: number) => `Step ${step} of ${total}`,
} as const;
