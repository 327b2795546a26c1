// The bank's card enrolment (Oneclick Mall): a hidden form that posts TBK_TOKEN to Transbank's url as soon as it is
// rendered. Automatic renewal's "enrol" and a plan's free trial both send the member there.
import { submitOnMount } from "../components/submit-on-mount";

export function OneclickForm({ url, token }: { url: string; token: string }) {
  return (
    <form ref={submitOnMount} id="oneclick-form" method="post" action={url} hidden>
      <input type="hidden" name="TBK_TOKEN" value={token} />
    </form>
  );
}
