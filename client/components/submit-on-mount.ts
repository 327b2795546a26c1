/**
 * A form's ref that submits it once it is rendered (a provider's form: Webpay's token_ws, Oneclick's
 * TBK_TOKEN). Once per element: development's StrictMode attaches a new element's ref twice.
 */
export function submitOnMount(form: HTMLFormElement | null) {
  if (!form || form.dataset.sent) return;
  form.dataset.sent = "true";
  form.submit();
}
