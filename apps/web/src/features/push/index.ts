/** Push notifications in the browser (decision 041): the prompt after a meaningful moment. */
export { subscribeThisBrowser } from './api/subscribe.ts';
export { PushPrompt } from './components/push-prompt.tsx';
