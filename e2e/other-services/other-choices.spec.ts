import { test } from '../support/fixtures';
import { everyScreenAgainst } from './every-screen';

test.use({ serviceVariant: 'other-choices' });
everyScreenAgainst('other-choices');
