/** What a form needs of the page's captcha. */
export interface CaptchaState {
  key: string | undefined;
  img: string | undefined;
  loading: boolean;
  refresh: () => void;
}
