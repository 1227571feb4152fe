import { LandingWithForm } from '../platform/landing-with-form.tsx';

/** Home: the Instagram storefront (Instagram is the home page's platform). */
export default function HomePage() {
  return <LandingWithForm platform="instagram" />;
}
